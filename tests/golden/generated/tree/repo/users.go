// Hand-written: queries the generated table model of ../models.
package repo

import (
	"example.com/shop/models"

	"github.com/scylladb/gocqlx/v2"
)

func all(s gocqlx.Session) {
	s.Query(models.Users.SelectAll())
}
