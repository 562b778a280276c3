"""The words result cards are written with, per language: each kind's layout and the
labels of the item, quest, source and generic cards (``page/cards.py`` lays cards out
with them; the page's script gets them all in its startup data)."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _


def _layouts() -> dict[str, dict[str, Any]]:
    """Each kind's layout, in the active language (the formats of the module docstring)."""
    return {
        "purchase": {
            "heading": _("[{?ok}Purchase][{!ok}Shop]"),
            "rows": [
                [_("Item"), "[{?ok}{quantity}× {name}]"],
                [_("Price"), "[{?ok}{unit_price|coins_each}]"],
                [_("Paid"), "[{?ok}{total|coins}]"],
                [_("Balance"), "[{?ok}{balance|coins}]"],
            ],
            "text": "[{!ok}{message}]",
            "lists": [[_("For sale"), "offers", "{name} — {price|coins}"]],
        },
        "signin": {
            "heading": _("Daily sign-in"),
            "rows": [
                [_("Coins"), "[{?ok}+{coins}]"],
                [_("Streak"), "[{?ok}{streak|days}]"],
                [_("Balance"), "[{?ok}{balance|coins}]"],
            ],
            "text": "[{!ok}{message}]",
        },
        "player": {
            "heading": "{minecraft_name,title}",
            "facts": ["[{?online}" + _("online in game") + "]"],
            "rows": [
                [_("Level"), "[{level}]"],
                [_("Balance"), "[{balance|coins}]"],
                [_("Sign-in streak"), "[{signin_streak|days}]"],
                [_("Last sign-in"), "[{last_signin}]"],
                [
                    _("Today"),
                    _("[{?signed_in_today}signed in][{!signed_in_today}not signed in yet]"),
                ],
                [
                    _("Quests"),
                    _(
                        "[{quest_counts.completed} completed]"
                        "[, {quest_counts.in_progress} in progress]"
                    ),
                ],
            ],
            "lists": [
                [
                    _("Quests"),
                    "quests",
                    "{title} — {status|quest_status}[{?reward_claimed} · "
                    + _("reward claimed")
                    + "]",
                ],
            ],
        },
        "quest_claim": {
            "heading": _("Quest rewards"),
            "rows": [
                [_("Quest"), "[{?ok}{title}]"],
                [_("Coins"), "[{?ok}+{coins}]"],
                [_("Balance"), "[{?ok}{balance|coins}]"],
            ],
            "text": "[{!ok}{message}]",
            "lists": [[_("Rewards"), "credited", "{value}"]],
        },
        "quest_progress": {
            "heading": _("Your quests"),
            "lists": [
                [_("Rewards to claim"), "claimable", "{title}[ — {chapter}]"],
                [_("In progress"), "in_progress", "{title}[ — {chapter}]"],
                [_("Completed"), "completed", "{title}[ — {chapter}]"],
            ],
        },
        "quest_list": {
            "heading": "{title}",
            "lists": [["", "quests", "{title}[ — {chapter}]"]],
        },
        "chapter_list": {
            "heading": "{title}",
            "lists": [
                ["", "chapters", "{chapter,title,name,value}[ ({group})][ — {quests|quests}]"]
            ],
        },
        "articles": {
            # A card stored before it carried its query keeps its English title.
            "heading": "[{?query}" + _("Knowledge base: {query}") + "][{!query}{title}]",
            "lists": [["", "articles", "{title}[ — {excerpt}]"]],
        },
    }


def _words() -> dict[str, str]:
    """The words of the item, quest and source cards and of the generic layout."""
    return {
        "sources": _("Sources"),
        "recipe": _("Recipe"),
        "makes": _("makes"),
        "cooking": _("Cooking"),
        "stations": _("Other stations"),
        "drops": _("Drops"),
        "stack_size": _("stacks to"),
        "durability": _("durability"),
        "tasks": _("Tasks"),
        "rewards": _("Rewards"),
        "prerequisites": _("Prerequisites"),
        "unlocks": _("Unlocks"),
        "optional": _("optional"),
        "any_of": _("any one of"),
        "your_status": _("your status"),
        "reward_table": _("reward table"),
        # counts: "{n}" is the number (page/describe.py, ``{a|coins}``)
        "coins_one": _("{n} coin"),
        "coins_other": _("{n} coins"),
        "coins_each_one": _("{n} coin each"),
        "coins_each_other": _("{n} coins each"),
        "days_one": _("{n} day"),
        "days_other": _("{n} days"),
        "quests_one": _("{n} quest"),
        "quests_other": _("{n} quests"),
        "yesno_true": _("yes"),
        "yesno_false": _("no"),
        "quest_status_not_started": _("not started"),
        "quest_status_in_progress": _("in progress"),
        "quest_status_completed": _("completed"),
    }


def _field_labels() -> dict[str, str]:
    """Labels of fields the generic layout may meet (others: the key, underscores as spaces)."""
    return {
        "message": _("Message"),
        "name": _("Name"),
        "count": _("Count"),
        "quantity": _("Quantity"),
        "level": _("Level"),
        "balance": _("Balance"),
        "coins": _("Coins"),
        "total": _("Total"),
        "price": _("Price"),
        "status": _("Status"),
        "chapter": _("Chapter"),
        "player": _("Player"),
        "found": _("Found"),
        "description": _("Description"),
        "materials": _("Raw materials"),
        "crafts": _("Crafts"),
        "notes": _("Notes"),
        "items": _("Items"),
    }


@cache
def _card_words(language: str) -> dict[str, Any]:
    with translation.override(language):
        return {"layouts": _layouts(), "words": _words(), "fields": _field_labels()}


def card_words(language: str) -> dict[str, Any]:
    """Everything a card is written with in ``language`` (the same for every request)."""
    return _card_words(language)


def card_words_by_language() -> dict[str, dict[str, Any]]:
    """``card_words`` of every language of the site: the page's startup data."""
    return {code: card_words(code) for code, _name in settings.LANGUAGES}
