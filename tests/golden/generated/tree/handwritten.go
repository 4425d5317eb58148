package store

import "github.com/gocql/gocql"

// A hand-written file of the package: read.
func byStatus(s *gocql.Session) *gocql.Query {
	return s.Query("SELECT * FROM shop.orders WHERE status = ? ALLOW FILTERING")
}
