"""Lessons keep each learner's first answer to every question (a check and its seed),
with the retries counted.

A new table: the rows of CheckAnswer are kept as they were (their `correct` says whether
any answer was right, as before; from now on a check is right when a first answer was)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('learners', '0003_learner_visitor_key'),
        ('lessons', '0001_initial'),
    ]

    operations = [
        migrations.CreateModel(
            name='FirstAnswer',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('game', models.CharField(max_length=8)),
                ('slug', models.SlugField(max_length=80)),
                ('index', models.PositiveSmallIntegerField()),
                ('seed', models.BigIntegerField()),
                ('answer', models.JSONField(default=dict)),
                ('correct', models.BooleanField()),
                ('tries', models.PositiveSmallIntegerField(default=1)),
                ('solved', models.BooleanField(default=False)),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('learner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='first_answers', to='learners.learner')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('learner', 'game', 'slug', 'index', 'seed'), name='one_first_answer')],
            },
        ),
    ]
