// Package reliability holds tests that run the real spdc binary, built with
// `go build` into a temporary directory, and hurt it the way production
// will: kill -9 under a write load, a database that goes away and comes
// back, two instances on one PostgreSQL, slow clients, a mixed load, and
// checks of headers and sessions from the outside. Every test is bounded
// in time; the load test runs 60 s only with SPDC_LONG=1.
//
// The tests run on SQLite always and on PostgreSQL when TEST_DATABASE_URL
// is set (each in a schema of its own).
package reliability
