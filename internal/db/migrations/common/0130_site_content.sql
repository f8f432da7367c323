-- The program's own site as data: one settings record and the items of
-- every collection (team, donors, volunteers, testimonials, stories,
-- events, faq, gallery, features, steps, pages), edited from the
-- dashboard instead of compiled into the web app.
--
-- Settings are one JSON document (id is always 1) checked against its
-- definition before it is stored; version is the __v conflict check.
CREATE TABLE site_settings (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    data       TEXT NOT NULL DEFAULT '{}',
    version    INTEGER NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL
);

-- One row per item. The fields of the item's collection live in data (a
-- JSON object checked against the collection's definition); what the
-- store orders, filters and joins by has its own column. An item is in
-- one language; translation_of names the English item it translates
-- (NULL for an English item), so English is every item's fallback.
-- photo_id is the picture the item shows (NULL without one), so that a
-- picture in use can be found without reading every item.
CREATE TABLE site_items (
    id             TEXT PRIMARY KEY,
    collection     TEXT NOT NULL,
    language       TEXT NOT NULL DEFAULT 'en',
    translation_of TEXT,
    position       INTEGER NOT NULL DEFAULT 0,
    published      BOOLEAN NOT NULL DEFAULT TRUE,
    photo_id       TEXT,
    data           TEXT NOT NULL DEFAULT '{}',
    version        INTEGER NOT NULL DEFAULT 0,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);
CREATE INDEX site_items_order ON site_items (collection, language, position, id);
CREATE INDEX site_items_photo ON site_items (photo_id);
CREATE INDEX site_items_translation ON site_items (translation_of);
