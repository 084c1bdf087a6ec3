-- The column is added in place (SQLite needs a default for a NOT NULL column it adds): rebuilding saved_searches would
-- drop it first, and dropping a table runs its foreign keys' actions, nulling every lead request's saved_search_id.
ALTER TABLE `saved_searches` ADD `created_by` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `saved_searches` SET `created_by` = `user_id`;
