"""An AWD-LSTM language model evaluated on batch-major data: the sampler gives ``(batch, bptt)``
while the model's LSTMs read ``(bptt, batch)``, so the input's batch is ``bptt`` and the state,
made by ``init_hidden(eval_batch_size)`` with ``weight.new(...)``, has ``eval_batch_size``.

Rebuilt from https://github.com/PetrochukM/PyTorch-NLP/issues/51 ("Expected hidden[0] size (1,
70, 1150), got (1, 10, 1150)": 70 is bptt, 10 the evaluation batch size); fixed twin: the batch
is transposed to ``(bptt, batch)``.
"""

import torch
import torch.nn as nn

torch.manual_seed(0)

NTOKENS, NINP, NHID, NLAYERS, BPTT, EVAL_BATCH_SIZE = 200, 40, 115, 3, 70, 10


class RNNModel(nn.Module):
    def __init__(self, ntoken, ninp, nhid, nlayers):
        super().__init__()
        self.encoder = nn.Embedding(ntoken, ninp)
        self.rnns = nn.ModuleList(
            [
                nn.LSTM(ninp if layer == 0 else nhid, nhid if layer != nlayers - 1 else ninp, 1)
                for layer in range(nlayers)
            ]
        )
        self.decoder = nn.Linear(ninp, ntoken)
        self.ninp = ninp
        self.nhid = nhid
        self.nlayers = nlayers

    def forward(self, input, hidden):
        raw_output = self.encoder(input)
        new_hidden = []
        for layer, rnn in enumerate(self.rnns):
            raw_output, new_h = rnn(raw_output, hidden[layer])  # BUG
            new_hidden.append(new_h)
        return self.decoder(raw_output), new_hidden

    def init_hidden(self, bsz):
        weight = next(self.parameters()).data
        return [
            (
                weight.new(1, bsz, self.nhid if layer != self.nlayers - 1 else self.ninp).zero_(),
                weight.new(1, bsz, self.nhid if layer != self.nlayers - 1 else self.ninp).zero_(),
            )
            for layer in range(self.nlayers)
        ]


def evaluate(model, data, batch_size):
    model.eval()
    hidden = model.init_hidden(batch_size)
    with torch.no_grad():
        output, hidden = model(data, hidden)
    return output


model = RNNModel(NTOKENS, NINP, NHID, NLAYERS)
val_data = torch.randint(0, NTOKENS, (EVAL_BATCH_SIZE, BPTT))
output = evaluate(model, val_data, EVAL_BATCH_SIZE)
print(output.shape)
