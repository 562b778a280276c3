"""The trace viewer is translated like the rest of the site: a Chinese browser reads it in
Simplified Chinese, its run list, run page and comparison alike."""

import pytest

from tests.traces.conftest import client_for

pytestmark = pytest.mark.django_db

CHINESE = {"HTTP_ACCEPT_LANGUAGE": "zh-CN,zh;q=0.9"}


def test_every_page_of_the_viewer_is_in_chinese_for_a_chinese_browser(rita, alice, record_run):
    a, b = record_run(alice), record_run(alice)
    client = client_for(rita)

    listing = client.get("/traces/", **CHINESE).content.decode()
    detail = client.get(f"/traces/runs/{a.pk}/", **CHINESE).content.decode()
    compare = client.get(f"/traces/compare/?a={a.pk}&b={b.pk}", **CHINESE).content.decode()

    assert "比较勾选的两次运行" in listing and "筛选" in listing and "已完成" in listing
    assert "预算使用" in detail and "时间线" in detail and "玩家反馈" in detail
    assert "步骤对齐" in compare and "策略相同。" in compare
    for html in (listing, detail, compare):
        assert "Budget use" not in html and "Compare the two checked runs" not in html


def test_english_stays_the_default(rita, alice, record_run):
    run = record_run(alice)

    html = client_for(rita).get(f"/traces/runs/{run.pk}/").content.decode()

    assert "Budget use" in html and "Player feedback" in html
