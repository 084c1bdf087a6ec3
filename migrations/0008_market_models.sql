CREATE TABLE `market_models` (
	`latitude_cell` integer NOT NULL,
	`longitude_cell` integer NOT NULL,
	`version` integer NOT NULL,
	`as_of` text NOT NULL,
	`anchor` text NOT NULL,
	`sales` integer NOT NULL,
	`base` real NOT NULL,
	`trees` text NOT NULL,
	PRIMARY KEY(`latitude_cell`, `longitude_cell`)
);
