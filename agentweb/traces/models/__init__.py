"""The trace viewer's rows: imported runs, datasets of questions, experiments over them."""

from agentweb.traces.models.datasets import Dataset, DatasetItem
from agentweb.traces.models.experiments import (
    Arm,
    Candidate,
    Experiment,
    ExperimentRun,
    ExperimentStatus,
)
from agentweb.traces.models.imported import ImportedRun

__all__ = [
    "Arm",
    "Candidate",
    "Dataset",
    "DatasetItem",
    "Experiment",
    "ExperimentRun",
    "ExperimentStatus",
    "ImportedRun",
]
