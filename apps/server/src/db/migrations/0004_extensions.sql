-- Extensions the schema relies on are created here, not by the client, so a plain PostgreSQL
-- gets them too (decision 011). btree_gist: exclusion constraints mixing equality and ranges
-- (bookings of a lane must not overlap). pg_trgm: trigram indexes for substring search.
-- The PGlite client loads both contrib modules so that these statements work there as well.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
