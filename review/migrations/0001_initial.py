"""Review cards: one per learner and mistake, scheduled by FSRS."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('learners', '0003_learner_visitor_key'),
    ]

    operations = [
        migrations.CreateModel(
            name='ReviewCard',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('key', models.CharField(max_length=160)),
                ('card', models.JSONField()),
                ('due', models.DateTimeField()),
                ('reviews', models.PositiveIntegerField(default=0)),
                ('lapses', models.PositiveIntegerField(default=0)),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('updated', models.DateTimeField(auto_now=True)),
                ('learner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='review_cards', to='learners.learner')),
            ],
            options={
                'verbose_name': 'review card',
                'verbose_name_plural': 'review cards',
                'indexes': [models.Index(fields=['learner', 'due'], name='review_due_idx')],
                'constraints': [models.UniqueConstraint(fields=('learner', 'key'), name='one_card_per_mistake')],
            },
        ),
    ]
