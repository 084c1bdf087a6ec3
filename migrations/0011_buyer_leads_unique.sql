-- A buyer is saved once per user and market (issue 36: Save twice made two rows). Earlier duplicates keep their
-- first row; the later copies (the same buyer, user and market) go, or the unique index could not be built.
DELETE FROM `buyer_leads` WHERE `rowid` NOT IN (SELECT MIN(`rowid`) FROM `buyer_leads` GROUP BY `user_id`, `buyer_name`, `market`);--> statement-breakpoint
CREATE UNIQUE INDEX `buyer_leads_user_buyer_market_idx` ON `buyer_leads` (`user_id`,`buyer_name`,`market`);
