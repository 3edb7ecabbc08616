"""A resizing helper using ``F.interpolate(..., mode='bilinear', antialias=True)`` called on a
single (channels, height, width) image: antialiasing needs a 4-D batch.

Rebuilt from https://github.com/pytorch/pytorch/issues/113445 (``_interpolate_wrapper`` halving
an 800x600 image with ``scale_factor=.5, antialias=True, mode='bilinear', align_corners=False``
works on the ``unsqueeze(0)`` batch and raises on the 3-D image). Fixed twin: the helper is
called on ``input_tensor_3D.unsqueeze(0)`` only.
"""

import torch


def _interpolate_wrapper(input_tensor: torch.Tensor) -> torch.Tensor:
    print(f"run interpolation with input shape {input_tensor.shape}")
    return torch.nn.functional.interpolate(  # BUG
        input_tensor, scale_factor=0.5, antialias=True, mode="bilinear", align_corners=False
    )


input_tensor_3D = torch.rand([3, 800, 600])
input_tensor_4D = input_tensor_3D.unsqueeze(0)
_interpolate_wrapper(input_tensor_4D)
print("====interpolation of a 4D tensor run successfully")
_interpolate_wrapper(input_tensor_3D)
