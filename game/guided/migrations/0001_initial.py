"""Guided-hand attempts and results, taken over from the ``game`` app with their rows.

The tables ``game_guidedattempt`` and ``game_guidedresult`` already exist (made by
``game.0002``): this migration only tells Django that the models now live here,
and moves their content types over. ``0002`` renames the tables and the index.
"""

import django.db.models.deletion
from django.db import migrations, models

MODELS = ("guidedattempt", "guidedresult")


def move_content_types(apps, schema_editor, old="game", new="guided"):
    ContentType = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    for model in MODELS:
        if not ContentType.objects.using(db).filter(app_label=new, model=model).exists():
            ContentType.objects.using(db).filter(app_label=old, model=model).update(app_label=new)


def move_content_types_back(apps, schema_editor):
    move_content_types(apps, schema_editor, old="guided", new="game")


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("game", "0003_models_move_to_practice_and_guided"),
        ("learners", "0002_learner_display_name"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="GuidedAttempt",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("scenario", models.CharField(max_length=80)),
                        ("moves", models.JSONField(default=list)),
                        ("hints", models.JSONField(default=list)),
                        ("mistakes", models.JSONField(default=list)),
                        ("finished", models.BooleanField(default=False)),
                        ("stars", models.PositiveSmallIntegerField(blank=True, null=True)),
                        ("version", models.PositiveIntegerField(default=0)),
                        ("created", models.DateTimeField(auto_now_add=True)),
                        ("updated", models.DateTimeField(auto_now=True)),
                        ("learner", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="guided_attempts", to="learners.learner")),
                    ],
                    options={
                        "verbose_name": "guided hand attempt",
                        "verbose_name_plural": "guided hand attempts",
                        "ordering": ["-updated"],
                        "indexes": [models.Index(fields=["learner", "scenario", "-updated"], name="game_guided_learner_26d252_idx")],
                        "db_table": "game_guidedattempt",
                    },
                ),
                migrations.CreateModel(
                    name="GuidedResult",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("scenario", models.CharField(max_length=80)),
                        ("stars", models.PositiveSmallIntegerField()),
                        ("hints", models.PositiveIntegerField()),
                        ("mistakes", models.JSONField(default=dict)),
                        ("completions", models.PositiveIntegerField(default=1)),
                        ("updated", models.DateTimeField(auto_now=True)),
                        ("learner", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="guided_results", to="learners.learner")),
                    ],
                    options={
                        "verbose_name": "guided hand result",
                        "verbose_name_plural": "guided hand results",
                        "constraints": [models.UniqueConstraint(fields=("learner", "scenario"), name="one_result_per_hand")],
                        "db_table": "game_guidedresult",
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_types, move_content_types_back),
    ]
