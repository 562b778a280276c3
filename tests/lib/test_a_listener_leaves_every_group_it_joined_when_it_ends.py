"""``channel_groups.Member``: a listener's channel joins groups one by one (once each, however
often asked) and leaves all of them in one call — the layer then holds nothing of it."""

from agentweb.lib.channel_groups import Member
from agentweb.lib.inprocess_channel_layer import InProcessChannelLayer


async def test_a_member_joins_once_and_leaves_everything_at_the_end():
    layer = InProcessChannelLayer()
    member = await Member.open(layer)
    for group in ("run.1", "run.2", "user.7", "run.1"):
        await member.join(group)

    assert layer.members("run.1") == 1 and "run.2" in member
    await layer.group_send("run.2", {"type": "run.event", "seq": 1})
    assert await member.receive() == {"type": "run.event", "seq": 1}

    await member.leave_all()
    assert member.groups == set()
    assert [layer.members(g) for g in ("run.1", "run.2", "user.7")] == [0, 0, 0]
    assert layer.channels_held() == 0
