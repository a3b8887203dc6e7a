"""Lessons a learner skipped by passing the placement check (a new table)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('learners', '0004_day_streak'),
        ('lessons', '0002_first_answer'),
    ]

    operations = [
        migrations.CreateModel(
            name='LessonPlacement',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('game', models.CharField(max_length=8)),
                ('slug', models.SlugField(max_length=80)),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('learner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='lesson_placements', to='learners.learner')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('learner', 'game', 'slug'), name='placed_once')],
            },
        ),
    ]
