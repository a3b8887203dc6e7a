"""Production settings pass ``manage.py check --deploy`` and refuse to start without secrets."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.test import Client, override_settings

BASE = settings.BASE_DIR

PRODUCTION_ENV = {
    "DJANGO_SETTINGS_MODULE": "rummy_site.settings.production",
    "SECRET_KEY": "x7#kq!2vL9pz@Qm4Rw8$Ty6^Uo1&Np3*Ks5(Jd0)Fh-Gb+Ve=Ca_Xl~Zi",
    "ALLOWED_HOSTS": "rummy.example.org",
    "DATABASE_URL": "sqlite:///:memory:",
}


def run_manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    # The browser tests allow Django's ORM beside Playwright's event loop;
    # production must not inherit that.
    # Nor the database tuning the suite itself may have been run with.
    tuning = {"CONN_HEALTH_CHECKS", "DB_SYNCHRONOUS_COMMIT", "DB_PREPARED_STATEMENTS"}
    skip = {*PRODUCTION_ENV, "DJANGO_ALLOW_ASYNC_UNSAFE", *tuning}
    clean = {k: v for k, v in os.environ.items() if k not in skip}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean() -> None:
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION_ENV)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key() -> None:
    env = {k: v for k, v in PRODUCTION_ENV.items() if k != "SECRET_KEY"}
    result = run_manage("check", env=env)
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_production_refuses_to_start_without_a_database_url() -> None:
    env = {k: v for k, v in PRODUCTION_ENV.items() if k != "DATABASE_URL"}
    result = run_manage("check", env=env)
    assert result.returncode != 0
    assert "DATABASE_URL" in result.stderr


def test_production_refuses_any_host() -> None:
    result = run_manage("check", env={**PRODUCTION_ENV, "ALLOWED_HOSTS": "rummy.example.org,*"})
    assert result.returncode != 0
    assert "ALLOWED_HOSTS" in result.stderr


@pytest.mark.django_db
@pytest.mark.parametrize(
    "host",
    ["evil.example", "rummy.example.org@evil.example", "rummy.example.org.evil.example"],
)
@override_settings(DEBUG=False, ALLOWED_HOSTS=["rummy.example.org"])
def test_a_host_that_is_not_ours_gets_a_translated_400(host: str) -> None:
    response = Client(HTTP_HOST=host).get("/lt/")
    assert response.status_code == 400
    assert '<html lang="lt">' in response.content.decode()
    assert host not in response.content.decode()


def test_the_database_tuning_is_read_from_the_environment() -> None:
    """docs/deploy.md: CONN_HEALTH_CHECKS=0 and DB_SYNCHRONOUS_COMMIT=off (PostgreSQL);
    by default the connection is checked and commits wait for the disk."""
    show = (
        "from django.conf import settings; d = settings.DATABASES['default']; "
        "print(d['CONN_HEALTH_CHECKS'], d.get('OPTIONS', {}).get('options'))"
    )

    def shown(env: dict[str, str]) -> list[str]:
        result = run_manage("shell", "--no-imports", "-c", show, env=env)
        assert result.returncode == 0, result.stderr
        return result.stdout.split()

    pg = {**PRODUCTION_ENV, "DATABASE_URL": "postgres://rummy:pw@127.0.0.1:5432/rummy"}
    tuned = {**pg, "CONN_HEALTH_CHECKS": "0", "DB_SYNCHRONOUS_COMMIT": "off"}
    assert shown(pg) == ["True", "None"]
    assert shown(tuned) == ["False", "-c", "synchronous_commit=off"]
    # On SQLite the PostgreSQL option means nothing and is not set.
    sqlite = {**PRODUCTION_ENV, "DB_SYNCHRONOUS_COMMIT": "off", "DB_PREPARED_STATEMENTS": "1"}
    assert shown(sqlite) == ["True", "None"]


def test_prepared_statements_are_asked_for_by_the_environment() -> None:
    """docs/deploy.md: DB_PREPARED_STATEMENTS=1 binds parameters on the PostgreSQL server
    and lets psycopg prepare a statement run five times on a connection; off by default
    (a pooler in transaction mode cannot keep prepared statements)."""
    show = (
        "from django.conf import settings; o = settings.DATABASES['default'].get('OPTIONS', {}); "
        "print(o.get('server_side_binding'), o.get('prepare_threshold'))"
    )
    pg = {**PRODUCTION_ENV, "DATABASE_URL": "postgres://rummy:pw@127.0.0.1:5432/rummy"}
    plain = run_manage("shell", "--no-imports", "-c", show, env=pg)
    prepared = run_manage(
        "shell", "--no-imports", "-c", show, env={**pg, "DB_PREPARED_STATEMENTS": "1"}
    )
    assert plain.stdout.split() == ["None", "None"], plain.stderr
    assert prepared.stdout.split() == ["True", "5"], prepared.stderr


def test_gunicorns_worker_hook_freezes_the_loaded_site_and_ends_streams_on_stop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """gunicorn.conf.py: after a worker has loaded the site, gc.freeze() and full
    collections less often (the younger generations' thresholds kept); and its SIGTERM
    first ends the tables' event streams, then stops the worker as gunicorn would."""
    import gc
    import importlib.util
    import signal

    from game.shared import events

    spec = importlib.util.spec_from_file_location("gunicorn_conf", BASE / "gunicorn.conf.py")
    assert spec is not None and spec.loader is not None
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    stopped: list[str] = []
    monkeypatch.setattr(events.watcher(), "stop", lambda timeout=5.0: stopped.append("streams"))
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: stopped.append("worker"))
    thresholds = gc.get_threshold()
    try:
        conf.post_worker_init(worker=None)
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (*thresholds[:2], conf.FULL_COLLECTION_EVERY)
        assert thresholds[2] < conf.FULL_COLLECTION_EVERY
        handler = signal.getsignal(signal.SIGTERM)
        assert callable(handler)
        handler(signal.SIGTERM, None)
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
        signal.signal(signal.SIGTERM, previous)
    assert stopped == ["streams", "worker"]


def test_gunicorn_instances_on_one_machine_do_not_share_a_control_socket() -> None:
    """gunicorn 25.1+ gives every instance of a user the same control socket path, so
    the second of two instances logs an error and the first loses it: the site's
    gunicorn.conf.py turns the socket off, and gunicorn reads it so."""
    from gunicorn.config import Config

    cfg = Config()
    namespace: dict[str, object] = {}
    exec((BASE / "gunicorn.conf.py").read_text(), namespace)
    for name, value in namespace.items():
        if name in cfg.settings:
            cfg.set(name, value)
    assert "control_socket_disable" in cfg.settings  # the installed gunicorn has the socket
    assert cfg.control_socket_disable is True
