-- Comparable sales for the valuation engine (README Decision 51): a 0.01° band of latitude as a virtual column of the
-- sales tables and comps indexes on (band, longitude, date, latitude) — arm's-length deeds only in the market —
-- replacing the (latitude, longitude, date) indexes; the columns the engine reads on imported sales; where a subject
-- named by address is in the market; and every US ZIP's centroid (zip_places, loaded by db:seed).
CREATE TABLE `zip_places` (
	`zip` text PRIMARY KEY NOT NULL,
	`city` text NOT NULL,
	`city_key` text NOT NULL,
	`state` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL
);
--> statement-breakpoint
CREATE INDEX `zip_places_city_idx` ON `zip_places` (`state`,`city_key`,`latitude`,`longitude`);--> statement-breakpoint
DROP INDEX `imported_sales_latlon_idx`;--> statement-breakpoint
ALTER TABLE `imported_sales` ADD `parcel_id` text;--> statement-breakpoint
ALTER TABLE `imported_sales` ADD `basement_square_feet` integer;--> statement-breakpoint
ALTER TABLE `imported_sales` ADD `waterfront` integer;--> statement-breakpoint
ALTER TABLE `imported_sales` ADD `view` integer;--> statement-breakpoint
ALTER TABLE `imported_sales` ADD `latitude_cell` integer GENERATED ALWAYS AS (cast((latitude + 90) * 100 as integer)) VIRTUAL;--> statement-breakpoint
CREATE INDEX `imported_sales_comps_idx` ON `imported_sales` (`latitude_cell`,`longitude`,`sale_date`,`latitude`);--> statement-breakpoint
DROP INDEX `market_sales_latlon_idx`;--> statement-breakpoint
ALTER TABLE `market_sales` ADD `latitude_cell` integer GENERATED ALWAYS AS (cast((latitude + 90) * 100 as integer)) VIRTUAL;--> statement-breakpoint
CREATE INDEX `market_sales_comps_idx` ON `market_sales` (`latitude_cell`,`longitude`,`sale_date`,`latitude`) WHERE transfer_type in ('warranty', 'special_warranty', 'grant');--> statement-breakpoint
CREATE INDEX `market_properties_address_idx` ON `market_properties` (`state`,`city`,`address`);