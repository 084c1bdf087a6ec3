CREATE TABLE `follow_up_steps` (
	`activity_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`lead_id` text NOT NULL,
	`step_index` integer NOT NULL,
	`planned_type` text NOT NULL,
	`template` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`outcome` text,
	`reason` text,
	FOREIGN KEY (`activity_id`) REFERENCES `follow_up_activities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `follow_up_steps_lead_idx` ON `follow_up_steps` (`lead_id`,`step_index`);