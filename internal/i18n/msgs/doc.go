// Package msgs names every message of the server's catalogue
// (internal/i18n/catalogue.txt) by its key, so that code says
// msgs.ApiNotFound and a key the catalogue lacks does not compile. keys.go
// is generated: after changing the catalogue's keys, run go generate here.
package msgs

//go:generate go run ./gen
