CREATE TABLE `usage_member_budgets` (
	`user_id` text NOT NULL,
	`member_id` text NOT NULL,
	`monthly_cap_cents` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `member_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `__new_usage_events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`actor_id` text NOT NULL,
	`kind` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_cost_microcents` integer NOT NULL,
	`cost_microcents` integer NOT NULL,
	`provider` text NOT NULL,
	`provider_request_id` text,
	`period` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_usage_events` (`id`, `user_id`, `actor_id`, `kind`, `quantity`, `unit_cost_microcents`, `cost_microcents`, `provider`, `provider_request_id`, `period`, `created_at`)
	SELECT `id`, `user_id`, `user_id`, `kind`, `quantity`, `unit_cost_microcents`, `cost_microcents`, `provider`, `provider_request_id`, `period`, `created_at` FROM `usage_events`;--> statement-breakpoint
DROP TABLE `usage_events`;--> statement-breakpoint
ALTER TABLE `__new_usage_events` RENAME TO `usage_events`;--> statement-breakpoint
CREATE INDEX `usage_events_user_period_kind_idx` ON `usage_events` (`user_id`,`period`,`kind`);
