"""``stich engine``: our bots served to other programs over the engine protocol
(``docs/engine-protocol.md``)."""
