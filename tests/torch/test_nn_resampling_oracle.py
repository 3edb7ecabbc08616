"""``nn.Upsample``, ``F.interpolate``/``F.upsample``, ``F.pad`` and the constant-padding layers
against real PyTorch 2.13: result shapes, and each certain failure of ``interpolate`` reported on
its line in PyTorch's words (``align_corners`` with ``nearest``, both or neither of
``size``/``scale_factor``, ``recompute_scale_factor`` with a size, ``antialias``, the input's
rank against the mode)."""

from __future__ import annotations

import pytest

from .oracle import TORCH, Case, check

NN = "import torch.nn as nn\n"
X4 = "torch.zeros(2, 3, 5, 7)"


def _f(arguments: str, source: str = X4) -> str:
    return f"result = F.interpolate({source}, {arguments})\n"


EXACT = {
    "nearest-scale": _f("scale_factor=2"),
    "nearest-scale-float": _f("scale_factor=1.5"),
    "nearest-scale-shrink": _f("scale_factor=0.5"),
    "nearest-scale-tuple": _f("scale_factor=(2, 3)"),
    "nearest-size-int": _f("size=3"),
    "nearest-size-tuple": _f("size=(4, 9)"),
    "nearest-size-list": _f("size=[4, 9]"),
    "nearest-size-of-other": (
        "skip = torch.zeros(2, 3, 10, 14)\nresult = F.interpolate(torch.zeros(2, 3, 5, 7), "
        "size=skip.shape[2:])\n"
    ),
    "nearest-1d": _f("scale_factor=3", "torch.zeros(2, 3, 5)"),
    "nearest-3d": _f("scale_factor=2", "torch.zeros(1, 2, 3, 4, 5)"),
    "nearest-exact": _f("scale_factor=2, mode='nearest-exact'"),
    "bilinear": _f("scale_factor=2, mode='bilinear'"),
    "bilinear-aligned": _f("size=(9, 13), mode='bilinear', align_corners=True"),
    "bicubic": _f("scale_factor=1.5, mode='bicubic', align_corners=False"),
    "linear": _f("scale_factor=2.5, mode='linear'", "torch.zeros(2, 3, 5)"),
    "trilinear": _f("scale_factor=2, mode='trilinear'", "torch.zeros(1, 2, 3, 4, 5)"),
    "area": _f("scale_factor=0.5, mode='area'"),
    "area-size": _f("size=(2, 3), mode='area'"),
    "recompute": _f("scale_factor=1.7, recompute_scale_factor=True"),
    "antialias": _f("scale_factor=0.5, mode='bilinear', antialias=True"),
    "upsample-deprecated": "result = F.upsample(torch.zeros(2, 3, 5, 7), scale_factor=2)\n",
    "align-corners-nearest": _f("scale_factor=2, align_corners=True"),
    "align-corners-false-area": _f("size=3, mode='area', align_corners=False"),
    "size-and-scale": _f("size=(4, 4), scale_factor=2"),
    "neither": "result = F.interpolate(torch.zeros(2, 3, 5, 7))\n",
    "recompute-with-size": _f("size=(4, 4), recompute_scale_factor=True"),
    "antialias-nearest": _f("scale_factor=0.5, antialias=True"),
    "antialias-3d": _f("scale_factor=0.5, mode='bilinear', antialias=True", "torch.zeros(2, 3, 5)"),
    "bilinear-3d": _f("scale_factor=2, mode='bilinear'", "torch.zeros(2, 3, 5)"),
    "bilinear-5d": _f("scale_factor=2, mode='bilinear'", "torch.zeros(1, 2, 3, 4, 5)"),
    "linear-4d": _f("scale_factor=2, mode='linear'"),
    "trilinear-4d": _f("scale_factor=2, mode='trilinear'"),
    "trilinear-3d": _f("scale_factor=2, mode='trilinear'", "torch.zeros(2, 3, 5)"),
    "nearest-2d": _f("scale_factor=2", "torch.zeros(3, 5)"),
    "bicubic-3d": _f("scale_factor=2, mode='bicubic'", "torch.zeros(2, 3, 5)"),
    "nearest-6d": _f("scale_factor=2", "torch.zeros(1, 1, 1, 2, 3, 4)"),
    "upsample-module": f"{NN}result = nn.Upsample(scale_factor=2)({X4})\n",
    "upsample-module-bilinear": (
        f"{NN}result = nn.Upsample(scale_factor=2, mode='bilinear', align_corners=True)({X4})\n"
    ),
    "upsample-module-size": f"{NN}result = nn.Upsample(size=(6, 6), mode='bicubic')({X4})\n",
    "upsample-module-3d-bilinear": (
        f"{NN}layer = nn.Upsample(scale_factor=2, mode='bilinear')\n"
        "result = layer(torch.zeros(2, 3, 5))\n"
    ),
    "upsample-module-corners": (
        f"{NN}layer = nn.Upsample(scale_factor=2, align_corners=True)\nresult = layer({X4})\n"
    ),
    "upsampling-nearest2d": f"{NN}result = nn.UpsamplingNearest2d(scale_factor=3)({X4})\n",
    "upsampling-bilinear2d": f"{NN}result = nn.UpsamplingBilinear2d(size=(8, 8))({X4})\n",
    "pad": f"result = F.pad({X4}, (1, 2))\n",
    "pad-two-dims": f"result = F.pad({X4}, [1, 2, 3, 4])\n",
    "pad-negative": f"result = F.pad({X4}, (-1, -1, 0, 1))\n",
    "pad-reflect": f"result = F.pad({X4}, (1, 1, 2, 2), mode='reflect')\n",
    "pad-value": f"result = F.pad({X4}, (0, 0, 0, 0, 1, 1), value=3.0)\n",
    "zero-pad2d": f"{NN}result = nn.ZeroPad2d(2)({X4})\n",
    "zero-pad2d-tuple": f"{NN}result = nn.ZeroPad2d((1, 0, 2, 0))({X4})\n",
    "constant-pad1d": f"{NN}result = nn.ConstantPad1d((3, 1), 0.5)(torch.zeros(2, 3, 5))\n",
}

IMPRECISE = {
    "nearest-unknown-size": _f("scale_factor=2", "torch.zeros(2, 3, size(5), 7)"),
    "nearest-unknown-size-float": _f("scale_factor=1.5", "torch.zeros(2, 3, size(5), 7)"),
    "bilinear-unknown-batch": _f(
        "scale_factor=2, mode='bilinear'", "torch.zeros(size(2), 3, 5, 7)"
    ),
    "unknown-target": _f("size=(size(4), 9)"),
    "pad-unknown": "result = F.pad(torch.zeros(2, 3, size(5), 7), (1, 1, 1, 1))\n",
}

UNMODELLED = {
    # Certain failures whose messages print Python reprs or computed sizes.
    "size-length": _f("size=(2, 2, 2)"),
    "scale-length": _f("scale_factor=(2, 2, 2)"),
    "empty-output": _f("scale_factor=0.1"),
    "size-float": _f("size=(2.0, 2)"),
    "pad-odd": f"result = F.pad({X4}, (1, 2, 3))\n",
    "pad-too-long": "result = F.pad(torch.zeros(2, 3), (1, 1, 1, 1, 1, 1))\n",
    "pad-cropping-all": f"result = F.pad({X4}, (-4, -4))\n",
    "pad-reflect-too-wide": f"result = F.pad({X4}, (7, 7), mode='reflect')\n",
}

CASES: list[Case] = Case.cases_of(EXACT, IMPRECISE, UNMODELLED)


outcomes = TORCH.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_pytorch(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
