"""The rate limit's counts (rummy_site.ratelimit): one row per client and limit."""

from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
    ]

    operations = [
        migrations.CreateModel(
            name='RateCount',
            fields=[
                ('bucket', models.CharField(max_length=64, primary_key=True, serialize=False)),
                ('ends', models.BigIntegerField()),
                ('hits', models.PositiveIntegerField()),
            ],
            options={
                'indexes': [models.Index(fields=['ends'], name='ratecount_ends_idx')],
            },
        ),
    ]
