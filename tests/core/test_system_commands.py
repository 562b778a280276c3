"""The system workflows' commands are in the project registry (R-ROUTE-3)."""

from __future__ import annotations

from agentweb.core.commands import commands


def test_reason_and_its_chinese_alias_enter_the_reasoning_workflow():
    assert commands.match("/reason where is iron")[0].workflow == "system:reasoning"
    command, args = commands.match("分析 任务需要什么")
    assert command.name == "reason"
    assert args == "任务需要什么"


def test_reload_is_an_admin_command_of_the_admin_workflow():
    command = commands.get("reload")
    assert command.staff_only
    assert command.workflow == "system:admin"
