CREATE TABLE `regional_models` (
	`latitude_cell` integer NOT NULL,
	`longitude_cell` integer NOT NULL,
	`version` integer NOT NULL,
	`as_of` text NOT NULL,
	`sales` integer NOT NULL,
	`rates` text NOT NULL,
	PRIMARY KEY(`latitude_cell`, `longitude_cell`)
);
