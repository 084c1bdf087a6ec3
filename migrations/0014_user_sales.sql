CREATE TABLE `user_sales` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`external_id` text NOT NULL,
	`source` text NOT NULL,
	`parcel_id` text NOT NULL,
	`sale_date` text NOT NULL,
	`price` integer NOT NULL,
	`zip` text,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`bedrooms` integer,
	`bathrooms` integer,
	`square_feet` integer,
	`lot_square_feet` integer,
	`stories` integer,
	`year_built` integer,
	`year_renovated` integer,
	`basement_square_feet` integer,
	`condition` integer,
	`quality_grade` integer,
	`waterfront` integer,
	`view` integer,
	`latitude_cell` integer GENERATED ALWAYS AS (cast((latitude + 90) * 100 as integer)) VIRTUAL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_sales_user_external_idx` ON `user_sales` (`user_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `user_sales_comps_idx` ON `user_sales` (`user_id`,`latitude_cell`,`longitude`,`sale_date`,`latitude`);