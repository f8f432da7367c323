// Package list is the one list engine of the admin dashboard: every tab
// (people, submissions, donations, payments, care, mail, the audit log)
// is read, searched, sorted, counted, paged, exported as CSV, edited and
// deleted by the code here, through one description per tab (Tab): which
// columns exist, how they are named in JSON and in the CSV export, which
// may be edited, searched and sorted. The HTTP layer enforces the
// program's rules; the engine runs the queries, keeps the search column
// up to date and writes the audit log in the same transaction as the
// change.
//
// The engine names no entity. The tabs are declared by the store
// (store/tabs.go), from the entity definitions, and what is particular to
// one entity is a hook declared beside it in the store's file for that
// entity (Hooks): the users' empty mobile stored as NULL and a taken email
// named, a disciple's names carried to its care record, a person or a
// submission erased rather than deleted, the amounts a donation shows,
// the notes of staffed records, references typed any way.
//
// Where to look: list.go holds the tab, its fields and records, the WHERE
// clause of a search and filters, edits and deletes; page.go how a list
// stays fast at a million rows (sorts along their own indexes, keyset
// cursors, the search planner and PostgreSQL's estimates, capped counts)
// and the CSV export's values; hooks.go the hooks and the engine itself.
// The database underneath (connections, the search index file and its
// indexer, the export's two-connection scan) is package db.
package list
