package store

import "github.com/gocql/gocql"

// Named like protoc-gen-go's output: left out.
func generatedByName(s *gocql.Session) *gocql.Query {
	return s.Query("SELECT * FROM shop.orders WHERE note = ? ALLOW FILTERING")
}
