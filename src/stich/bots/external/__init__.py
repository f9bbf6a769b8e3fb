"""Players outside this package: engines in any language over the engine protocol
(``docs/engine-protocol.md``)."""
