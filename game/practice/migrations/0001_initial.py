"""Practice tables, taken over from the ``game`` app with their rows.

The table ``game_table`` already exists (made by ``game.0001_table``): this
migration only tells Django that the model now lives here, and moves the model's
content type (and so its permissions) over. ``0002`` renames the table.
"""

import django.db.models.deletion
from django.db import migrations, models

import game.practice.models


def move_content_type(apps, schema_editor, old="game", new="practice"):
    ContentType = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    if not ContentType.objects.using(db).filter(app_label=new, model="table").exists():
        ContentType.objects.using(db).filter(app_label=old, model="table").update(app_label=new)


def move_content_type_back(apps, schema_editor):
    move_content_type(apps, schema_editor, old="practice", new="game")


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
                    name="Table",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("public_id", models.CharField(default=game.practice.models.new_public_id, editable=False, max_length=16, unique=True)),
                        ("game", models.CharField(choices=[("basic", "Basic Rummy"), ("gin", "Gin Rummy"), ("knock", "Knock Rummy")], max_length=8)),
                        ("format", models.CharField(choices=[("standard", "Everyone plays every hand"), ("gin3", "Three players, one sits out each hand"), ("gin4", "Four players in two partnerships")], default="standard", max_length=10)),
                        ("options", models.JSONField(default=dict)),
                        ("seats", models.JSONField()),
                        ("deals", models.JSONField(default=list)),
                        ("hints", models.JSONField(default=list)),
                        ("seed", models.BigIntegerField()),
                        ("version", models.PositiveIntegerField(default=0)),
                        ("created", models.DateTimeField(auto_now_add=True)),
                        ("updated", models.DateTimeField(auto_now=True)),
                        ("learner", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="tables", to="learners.learner")),
                    ],
                    options={
                        "verbose_name": "practice table",
                        "verbose_name_plural": "practice tables",
                        "ordering": ["-updated"],
                        "db_table": "game_table",
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_type, move_content_type_back),
    ]
