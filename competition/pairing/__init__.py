"""Pure pairing logic of tournaments: draw of numbers, coin tosses, knockout, Swiss, round
robin, tie-breaks, and a state machine rebuilt from the stored facts. No I/O; entries are
opaque ids, and messages are keys that the service translates."""
