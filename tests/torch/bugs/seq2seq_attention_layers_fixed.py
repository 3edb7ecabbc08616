"""Fixed twin of ``seq2seq_attention_layers.py``
(https://github.com/aladdinpersson/Machine-Learning-Collection/issues/110): a one-layer
decoder."""

import torch
import torch.nn as nn

torch.manual_seed(0)

VOCAB_SRC, VOCAB_TRG, EMBED, HIDDEN = 50, 60, 32, 64


class Encoder(nn.Module):
    def __init__(self, input_size, embedding_size, hidden_size, num_layers):
        super().__init__()
        self.embedding = nn.Embedding(input_size, embedding_size)
        self.rnn = nn.LSTM(embedding_size, hidden_size, num_layers, bidirectional=True)
        self.fc_hidden = nn.Linear(hidden_size * 2, hidden_size)
        self.fc_cell = nn.Linear(hidden_size * 2, hidden_size)

    def forward(self, x):
        embedding = self.embedding(x)
        encoder_states, (hidden, cell) = self.rnn(embedding)
        hidden = self.fc_hidden(torch.cat((hidden[0:1], hidden[1:2]), dim=2))
        cell = self.fc_cell(torch.cat((cell[0:1], cell[1:2]), dim=2))
        return encoder_states, hidden, cell


class Decoder(nn.Module):
    def __init__(self, input_size, embedding_size, hidden_size, output_size, num_layers):
        super().__init__()
        self.embedding = nn.Embedding(input_size, embedding_size)
        self.rnn = nn.LSTM(hidden_size * 2 + embedding_size, hidden_size, num_layers)
        self.energy = nn.Linear(hidden_size * 3, 1)
        self.fc = nn.Linear(hidden_size, output_size)
        self.softmax = nn.Softmax(dim=0)
        self.relu = nn.ReLU()

    def forward(self, x, encoder_states, hidden, cell):
        x = x.unsqueeze(0)
        embedding = self.embedding(x)
        sequence_length = encoder_states.shape[0]
        h_reshaped = hidden.repeat(sequence_length, 1, 1)
        energy = self.relu(self.energy(torch.cat((h_reshaped, encoder_states), dim=2)))
        attention = self.softmax(energy)
        context_vector = torch.einsum("snk,snl->knl", attention, encoder_states)
        rnn_input = torch.cat((context_vector, embedding), dim=2)
        outputs, (hidden, cell) = self.rnn(rnn_input, (hidden, cell))
        predictions = self.fc(outputs).squeeze(0)
        return predictions, hidden, cell


encoder = Encoder(VOCAB_SRC, EMBED, HIDDEN, 2)
decoder = Decoder(VOCAB_TRG, EMBED, HIDDEN, VOCAB_TRG, 1)

sentence_tensor = torch.randint(0, VOCAB_SRC, (7, 1))
with torch.no_grad():
    outputs_encoder, hiddens, cells = encoder(sentence_tensor)
previous_word = torch.LongTensor([1])
with torch.no_grad():
    output, hiddens, cells = decoder(previous_word, outputs_encoder, hiddens, cells)
print(output.argmax(1).item())
