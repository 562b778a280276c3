"""The dataset and experiment pages are in the language the browser asks for (Chinese here)."""

import pytest

from agentweb.traces.models import Dataset
from tests.experiments.conftest import client_for

pytestmark = pytest.mark.django_db

CHINESE = {"HTTP_ACCEPT_LANGUAGE": "zh-CN,zh;q=0.9"}


def test_the_pages_read_in_chinese(admin):
    dataset = Dataset.objects.create(name="一周的差评")
    client = client_for(admin)

    datasets = client.get("/traces/datasets/", **CHINESE).content.decode()
    one = client.get(f"/traces/datasets/{dataset.pk}/", **CHINESE).content.decode()
    new = client.get("/traces/experiments/", **CHINESE).content.decode()

    assert "新建数据集" in datasets and "一周的差评" in datasets
    assert "导入 JSONL" in one and "用它运行实验" in one
    assert "新建实验" in new and "草拟的策略覆盖" in new and "运行实验" in new
