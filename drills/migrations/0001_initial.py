"""Drill records: a streak and a personal best per learner and drill."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('learners', '0003_learner_visitor_key'),
    ]

    operations = [
        migrations.CreateModel(
            name='DrillRecord',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('game', models.CharField(max_length=8)),
                ('kind', models.CharField(max_length=16)),
                ('streak', models.PositiveIntegerField(default=0)),
                ('best', models.PositiveIntegerField(default=0)),
                ('answered', models.PositiveIntegerField(default=0)),
                ('right', models.PositiveIntegerField(default=0)),
                ('updated', models.DateTimeField(auto_now=True)),
                ('learner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='drill_records', to='learners.learner')),
            ],
            options={
                'verbose_name': 'drill record',
                'verbose_name_plural': 'drill records',
                'constraints': [models.UniqueConstraint(fields=('learner', 'game', 'kind'), name='one_record_per_drill')],
            },
        ),
    ]
