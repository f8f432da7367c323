-- 0162: files attached to an outgoing message (a receipt's PDF). The body
-- is sealed with SPDC_DATA_KEY, since a receipt shows the donor's whole
-- ID number, and is deleted once the message is sent.
CREATE TABLE outbox_attachments (
    outbox_id    TEXT NOT NULL REFERENCES outbox (id) ON DELETE CASCADE,
    position     INTEGER NOT NULL,
    name         TEXT NOT NULL,
    content_type TEXT NOT NULL,
    body         TEXT NOT NULL,
    PRIMARY KEY (outbox_id, position)
);
