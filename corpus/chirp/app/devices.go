// Chirp's device telemetry ingest (Go, gocql).
package telemetry

import (
	"fmt"
	"time"

	"github.com/gocql/gocql"
)

const eventsTable = `chirp.device_events`

const insertEvent = `INSERT INTO ` + eventsTable + ` (device_id, ts, kind, payload) VALUES (?, ?, ?, ?)`

// Record is clean: the whole primary key is written.
func Record(s *gocql.Session, device gocql.UUID, kind, payload string) error {
	return s.Query(insertEvent, device, time.Now(), kind, payload).Exec()
}

// Recent is clean: one device, a time range, a limit.
func Recent(s *gocql.Session, device gocql.UUID, since time.Time) *gocql.Iter {
	return s.Query(`SELECT ts, kind, payload FROM `+eventsTable+
		` WHERE device_id = ? AND ts > ? LIMIT 500`, device, since).Iter()
}

// History reads a device's whole partition, which grows forever.
func History(s *gocql.Session, device gocql.UUID) *gocql.Iter {
	return s.Query(fmt.Sprintf("SELECT ts, kind FROM %s WHERE device_id = ?", eventsTable), device).Iter()
}

// Errors scans the table for one kind of event.
func Errors(s *gocql.Session) *gocql.Iter {
	return s.Query("SELECT device_id, ts FROM chirp.device_events WHERE kind = 'error' ALLOW FILTERING").Iter()
}

// Export sends a device's whole history in one response (paging off), and
// fails as soon as one replica is down (ALL).
func Export(s *gocql.Session, device gocql.UUID) *gocql.Iter {
	return s.Query(`SELECT ts, kind, payload FROM `+eventsTable+
		` WHERE device_id = ?`, device).Consistency(gocql.All).PageSize(0).Iter()
}
