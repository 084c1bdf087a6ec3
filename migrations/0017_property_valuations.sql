CREATE TABLE `property_valuations` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`property_id` text NOT NULL,
	`arv` integer NOT NULL,
	`range_low` integer,
	`range_high` integer,
	`confidence_score` integer,
	`source` text NOT NULL,
	`comp_count` integer,
	`valued_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `property_valuations_user_property_idx` ON `property_valuations` (`user_id`,`property_id`,`valued_at`);--> statement-breakpoint
ALTER TABLE `properties` ADD `arv_low` integer;--> statement-breakpoint
ALTER TABLE `properties` ADD `arv_high` integer;--> statement-breakpoint
ALTER TABLE `properties` ADD `valued_at` integer;--> statement-breakpoint
ALTER TABLE `properties` ADD `valuation_source` text;--> statement-breakpoint
ALTER TABLE `properties` ADD `repair_estimate` integer;--> statement-breakpoint
ALTER TABLE `properties` ADD `assignment_fee` integer;--> statement-breakpoint
ALTER TABLE `properties` ADD `rule_max_offer` integer;--> statement-breakpoint
-- Issue 35 item 1: a property valued before the record was kept has its ARV as its current valuation (the engine's
-- when it carries a confidence, else the saved estimate), that valuation as its first history row, and the 70 % rule's
-- max offer of it with the default repairs (10 % of the ARV, to $500) and fee ($10,000), in cents as `money` stores it.
UPDATE `properties` SET
	`valuation_source` = CASE WHEN `confidence_score` IS NOT NULL THEN 'engine' ELSE 'provider' END,
	`valued_at` = `updated_at`,
	`rule_max_offer` = max(0, cast(round((`arv` / 100.0) * 70 / 100.0 - round((`arv` / 100.0) * 0.1 / 500.0) * 500 - 10000) as integer)) * 100
WHERE `arv` > 0;--> statement-breakpoint
INSERT INTO `property_valuations` (`id`, `user_id`, `property_id`, `arv`, `range_low`, `range_high`, `confidence_score`, `source`, `comp_count`, `valued_at`, `created_at`)
SELECT lower(hex(randomblob(16))), `user_id`, `id`, `arv`, NULL, NULL, `confidence_score`, `valuation_source`, NULL, `valued_at`, `valued_at`
FROM `properties` WHERE `arv` > 0;
