"""An attention-feature embedding whose ``BatchNorm1d(att_feat_size)`` is applied to features
of shape (batch, proposals, att_feat_size): the norm takes the 36 proposals as its channels.

Rebuilt from https://github.com/ruotianluo/self-critical.pytorch/issues/44 ("running_mean should
contain 36 elements not 2048": ``att_embed`` is ``nn.Sequential(BatchNorm1d(att_feat_size),
Linear(att_feat_size, rnn_size), ReLU(), Dropout(...))`` and bottom-up features have shape
(batch, 36, 2048); the maintainer's answer: the features are meant to be packed to (K, 2048)
first). Fixed twin: the features are flattened to (batch * 36, 2048) and back.
"""

import torch
import torch.nn as nn


class AttModel(nn.Module):
    def __init__(self, att_feat_size=2048, rnn_size=512, drop_prob_lm=0.5):
        super(AttModel, self).__init__()
        self.att_embed = nn.Sequential(
            nn.BatchNorm1d(att_feat_size),
            nn.Linear(att_feat_size, rnn_size),
            nn.ReLU(),
            nn.Dropout(drop_prob_lm),
        )

    def forward(self, att_feats):
        att_feats = self.att_embed(att_feats)  # BUG
        return att_feats


model = AttModel()
att_feats = torch.randn(4, 36, 2048)
print(model(att_feats).shape)
