-- Indexes that answer a lead search's count and its page of ids from index entries alone, over a market of a million
-- properties (README Decision 47). Only indexes change: the market's rows stay.
DROP INDEX `market_owners_cash_buyer_idx`;--> statement-breakpoint
DROP INDEX `market_owners_active_landlord_idx`;--> statement-breakpoint
DROP INDEX `market_owners_flipper_idx`;--> statement-breakpoint
CREATE INDEX `market_owners_cash_buyers_search_idx` ON `market_owners` (`id`,`property_count`,`cash_purchase_count`) WHERE is_cash_buyer = 1 and cash_purchase_count <= 100;--> statement-breakpoint
CREATE INDEX `market_owners_active_landlord_search_idx` ON `market_owners` (`id`,`property_count`) WHERE is_active_landlord = 1;--> statement-breakpoint
CREATE INDEX `market_owners_fix_and_flip_search_idx` ON `market_owners` (`id`,`property_count`,`flip_count`) WHERE flip_count > 0;--> statement-breakpoint
DROP INDEX `market_properties_zip_idx`;--> statement-breakpoint
DROP INDEX `market_properties_owner_idx`;--> statement-breakpoint
DROP INDEX `market_properties_is_preforeclosure_city_idx`;--> statement-breakpoint
DROP INDEX `market_properties_is_out_of_state_absentee_city_idx`;--> statement-breakpoint
DROP INDEX `market_properties_is_high_equity_city_idx`;--> statement-breakpoint
DROP INDEX `market_properties_is_inherited_city_idx`;--> statement-breakpoint
DROP INDEX `market_properties_is_corporate_owned_city_idx`;--> statement-breakpoint
DROP INDEX `market_properties_is_tired_landlord_city_idx`;--> statement-breakpoint
CREATE INDEX `market_properties_is_preforeclosure_search_idx` ON `market_properties` (`state`,`city`,`id`,`bedrooms`,`estimated_value`) WHERE is_preforeclosure = 1;--> statement-breakpoint
CREATE INDEX `market_properties_is_out_of_state_absentee_search_idx` ON `market_properties` (`state`,`city`,`id`,`bedrooms`,`estimated_value`) WHERE is_out_of_state_absentee = 1;--> statement-breakpoint
CREATE INDEX `market_properties_is_high_equity_search_idx` ON `market_properties` (`state`,`city`,`id`,`bedrooms`,`estimated_value`) WHERE is_high_equity = 1;--> statement-breakpoint
CREATE INDEX `market_properties_is_inherited_search_idx` ON `market_properties` (`state`,`city`,`id`,`bedrooms`,`estimated_value`) WHERE is_inherited = 1;--> statement-breakpoint
CREATE INDEX `market_properties_is_corporate_owned_search_idx` ON `market_properties` (`state`,`city`,`id`,`bedrooms`,`estimated_value`) WHERE is_corporate_owned = 1;--> statement-breakpoint
CREATE INDEX `market_properties_is_tired_landlord_search_idx` ON `market_properties` (`state`,`city`,`id`,`bedrooms`,`estimated_value`) WHERE is_tired_landlord = 1;--> statement-breakpoint
CREATE INDEX `market_properties_zip_search_idx` ON `market_properties` (`zip`,`bedrooms`,`estimated_value`,`is_preforeclosure`,`is_out_of_state_absentee`,`is_high_equity`,`is_inherited`,`is_corporate_owned`,`is_tired_landlord`,`owner_id`);--> statement-breakpoint
CREATE INDEX `market_properties_owner_place_idx` ON `market_properties` (`owner_id`,`state`,`city`,`zip`);