ALTER TABLE `lead_deliveries` ADD `position` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `lead_deliveries_request_position_idx` ON `lead_deliveries` (`lead_request_id`,`position`);--> statement-breakpoint
ALTER TABLE `lead_requests` ADD `kind` text DEFAULT 'seller' NOT NULL;--> statement-breakpoint
CREATE INDEX `lead_requests_user_kind_created_idx` ON `lead_requests` (`user_id`,`kind`,`created_at`);--> statement-breakpoint
ALTER TABLE `market_owners` ADD `is_active_landlord` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `market_owners` ADD `flip_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `market_owners_active_landlord_idx` ON `market_owners` (`id`) WHERE is_active_landlord = 1;--> statement-breakpoint
CREATE INDEX `market_owners_flipper_idx` ON `market_owners` (`id`) WHERE flip_count > 0;--> statement-breakpoint
ALTER TABLE `market_sales` ADD `buyer_owner_id` integer REFERENCES market_owners(id);--> statement-breakpoint
-- The generated market gained buyer types (is_active_landlord, flip_count, buyer_owner_id): empty it so the next
-- `npm run db:seed` (which `npm start` runs) regenerates it whole. The market is local-only generated data.
DELETE FROM `market_sales`;--> statement-breakpoint
DELETE FROM `market_properties`;--> statement-breakpoint
DELETE FROM `market_owners`;
