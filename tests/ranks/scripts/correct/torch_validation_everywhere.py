import torch
import torch.distributed as dist


def main():
    dist.init_process_group("gloo")
    loss = torch.zeros(1)
    dist.all_reduce(loss)
    if dist.get_rank() == 0:
        print(loss)
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
