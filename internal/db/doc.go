// Package db is spdc's database engine: it opens SQLite (modernc.org/sqlite,
// pure Go) or PostgreSQL (pgx), runs transactions and migrations, and holds
// the machinery that keeps SQLite fast and safe. The store's SQL runs on
// it through a small interface: Open, InTx and Tx, Reader and Writer
// (Querier), Dialect, Migrate, Close; the rest is for the indexer, the
// backups and the list engine. A reader of an entity's SQL never needs
// to open this package.
//
// # Why a million-row SQLite database stays fast, and where each piece lives
//
// Queries are written once, for SQLite, with ? placeholders; the few places
// PostgreSQL needs something else are the methods of Dialect (dialect.go).
//
// Connections (db.go, search_file.go). Every SQLite connection is set on
// purpose: WAL, so readers never block the writer; synchronous=FULL, so an
// acknowledged write survives a power cut; foreign keys on; a busy timeout.
// One writer connection turns SQLite's one-writer-at-a-time into a queue
// in Go; readers are a pool beside it. Readers map the file (mmap_size
// 2 GiB): a page comes from the operating system's cache without a copy
// into each connection's own cache (a million rows, 8 admins: a rare
// term by name p50 86 -> 39 ms). The writer keeps its statement journals
// in memory (temp_store): each form's savepoint in a group commit no
// longer spills to a temporary file (registrations 713-918/s before,
// 1,011-1,305/s after). Database files are made 0600 before the driver
// opens them, and secure_delete zeroes erased content.
//
// Group commit (txbatch.go). On SQLite every commit waits for the disk.
// The write transactions waiting for the writer run one after another
// inside one transaction, each in its own savepoint, and commit together:
// one disk wait for up to 64 forms. Each caller is answered only after the
// commit that made its writes durable; one that fails is rolled back to its
// savepoint without touching the others; a caller alone runs at once.
//
// Statement cache (txbatch.go, stmtCache; db.go, Prepared). Parsing a
// statement costs SQLite more than running a small insert or a
// primary-key lookup, so the writer keeps the few dozen statements the
// forms run prepared between transactions, and hot reads are prepared
// once on the reader pool.
//
// Checkpointer (checkpoint.go). Left to itself SQLite copies the log
// into the database file inside the commit that takes it past 1,000
// pages, so one form in a few hundred waited for that copy and every form
// behind it too. A connection of its own checkpoints after commits
// instead, passively, never blocking the writer (registrations
// 834/928/1,098 per second before, 1,132/1,142/1,407 after; p99 113-138 ms
// before, 102-109 ms after, runs interleaved). The writer still
// checkpoints by itself past 8,192 pages should it fall behind.
//
// Search index file and its off-commit indexer (search_file.go,
// search_index.go, erasure.go). The admin search's FTS5 indexes (trigrams
// for text inside words, unicode61 words for whole words) live in a file
// of their own, <db>-search, written by a connection of its own, so
// indexing never queues the forms' writer (registration at a million rows:
// 46% -> 52-53% of a bare insert loop's rate). A form's transaction saves
// only its row; the indexer adds the rows saved since its last batch
// several times a second (IndexSearchEvery), and a search first indexes
// what its table still lacks, so a saved row is always found. Edits and
// deletes are logged by triggers in search_changes and applied by the next
// batch, idempotently; those triggers also say which tables are indexed
// (SearchTables reads them from the schema). Segments merge sixteen at a time (migration 0270;
// indexing a row
// 757 -> 257 µs at a million rows), and a word index is compacted after
// CompactSearchAfter without new rows (a common term by name p50 53 ->
// 23 ms). The file holds nothing that cannot be rebuilt: a backup gets a
// generation of its own, and a database restored from it rebuilds its
// indexes. After an erasure, ScrubAfterErasure takes the erased rows out
// of the indexes, rewrites their segments and checkpoints both files, so
// no copy of the data stays readable in them.
//
// Throttle log (throttle.go, throttle_log.go). The counted limits (forms,
// contact messages, mail to a mailbox) append their events to
// throttle_log, in id order, and count them in memory, instead of
// counting and inserting through the random pages of a bucket index inside
// the one write transaction: with three limits a form, that had been the
// largest part of its write. A transaction's own events join the memory
// only when it commits, so a form rolled back counts nothing; another
// instance's rows are read when SQLite's data_version says it committed.
// PostgreSQL keeps every event in throttle_events, with its locks.
//
// Export scan (export_scan.go, db.go UnmappedReader). A whole table's CSV
// export reads along the table by rowid on two connections at once,
// stretch after stretch handed on in order, at most two ahead each, where
// one connection kept a core busy for the whole export; it reads
// unmapped, so the server's memory stays flat whatever the table's size
// (a million rows: 7.4 s, +2.0 MB).
//
// Migrations (migrate.go, migrations/). Numbered forward-only steps per
// dialect, embedded, each applied in its own transaction and recorded in
// schema_migrations; a step that does the same to several tables is a
// .sql.tmpl naming them once through its tables function, and a block
// several steps share is a named template in a name.tmpl beside them.
// Each templated step is checked against the SHA-256 of the SQL it first
// ran (testdata/migrations.sha256; the text itself is in git's history).
//
// Backups (backup.go, ops.go). Backup writes a consistent 0600 copy while
// the server runs (VACUUM INTO); VerifyBackup opens a copy read-only,
// checks its integrity and counts its rows.
package db
