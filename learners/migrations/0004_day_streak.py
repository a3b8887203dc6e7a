"""Learners gain a day streak (days in a row with activity); every row starts at 0."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('learners', '0003_learner_visitor_key'),
    ]

    operations = [
        migrations.AddField(
            model_name='learner',
            name='last_active_day',
            field=models.DateField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='learner',
            name='streak_days',
            field=models.PositiveIntegerField(default=0),
        ),
    ]
