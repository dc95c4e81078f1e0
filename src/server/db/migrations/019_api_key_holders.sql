-- An integration key belongs to the institution, not to whoever made it: `held_by` is the admin
-- answerable for it now (the maker at first). Disabling or demoting that admin revokes the keys
-- they hold unless they are handed to another admin (staff/members.ts); created_by stays the maker.
ALTER TABLE api_keys ADD COLUMN held_by integer REFERENCES staff;
UPDATE api_keys SET held_by = created_by;
