"""gather_object is called inside `if distributed_state.is_main_process:`: the other processes never join the gather.

Source: https://github.com/huggingface/accelerate/issues/2733 ("gather_object does work with if distributed_state.is_main_process").
Rank source: Accelerator.is_main_process.
Framework: Hugging Face Accelerate.
"""

from accelerate import Accelerator
from accelerate.utils import gather_object


def grade(inputs):
    distributed_state = Accelerator(cpu=True)
    txt_out = [f"graded {item} on {distributed_state.process_index}" for item in inputs]
    if distributed_state.is_main_process:
        print(gather_object(txt_out)[0])  # expect: rank-divergent-collective
    distributed_state.wait_for_everyone()


grade(["a", "b"])  # expect: rank-divergent-collective
