"""An article's language is a game code (en_us, zh_cn) or blank, said in the admin."""

import django.core.validators
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('game', '0012_quest_articles_named_by_their_book'),
    ]

    operations = [
        migrations.AlterField(
            model_name='knowledgearticle',
            name='language',
            field=models.CharField(blank=True, help_text="The game language the article is written in (en_us, zh_cn); blank: shown to players of every language. A translation's key is the original's key followed by :<language>.", max_length=16, validators=[django.core.validators.RegexValidator('^[a-z]{2,3}_[a-z0-9]{2,4}$', 'A game language code such as en_us or zh_cn.')]),
        ),
    ]
