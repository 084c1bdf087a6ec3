CREATE TABLE `comp_choices` (
	`user_id` text NOT NULL,
	`property_id` text NOT NULL,
	`sale_id` text NOT NULL,
	`choice` text NOT NULL,
	`reason` text,
	`note` text,
	`address` text NOT NULL,
	`sale` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `comp_choices_user_property_sale_idx` ON `comp_choices` (`user_id`,`property_id`,`sale_id`);--> statement-breakpoint
CREATE INDEX `comp_choices_property_idx` ON `comp_choices` (`property_id`);--> statement-breakpoint
ALTER TABLE `comps` ADD `sale_id` text;--> statement-breakpoint
ALTER TABLE `comps` ADD `adjusted_price` integer;--> statement-breakpoint
ALTER TABLE `comps` ADD `adjustments` text;--> statement-breakpoint
ALTER TABLE `comps` ADD `weight` integer;