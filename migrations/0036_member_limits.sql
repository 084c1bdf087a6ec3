CREATE TABLE `usage_member_limits` (
	`user_id` text NOT NULL,
	`member_id` text NOT NULL,
	`kind` text NOT NULL,
	`per_day` integer,
	`per_month` integer,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `member_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
