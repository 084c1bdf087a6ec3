CREATE TABLE `buyer_leads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`buyer_name` text NOT NULL,
	`buyer_type` text NOT NULL,
	`owner_type` text,
	`market` text NOT NULL,
	`total_properties` integer,
	`portfolio_value` integer,
	`avg_purchase_price` integer,
	`total_purchase_price` integer,
	`total_equity` integer,
	`total_mortgage_balance` integer,
	`phone_numbers` text DEFAULT '[]' NOT NULL,
	`email_addresses` text DEFAULT '[]' NOT NULL,
	`mailing_address` text,
	`last_property_address` text,
	`last_property_purchase_date` text,
	`last_property_purchase_price` integer,
	`last_property_bedrooms` integer,
	`last_property_bathrooms` integer,
	`last_property_square_feet` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `buyer_leads_user_created_idx` ON `buyer_leads` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `company_profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`company_name` text NOT NULL,
	`title` text,
	`offer_contact_email` text,
	`offer_contact_phone_e164` text,
	`address_street1` text,
	`address_street2` text,
	`address_city` text,
	`address_state` text,
	`address_postal_code` text,
	`address_country` text DEFAULT 'US' NOT NULL,
	`logo_url` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `company_profiles_user_id_unique` ON `company_profiles` (`user_id`);--> statement-breakpoint
CREATE TABLE `comps` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`property_id` text NOT NULL,
	`address` text NOT NULL,
	`sold_price` integer NOT NULL,
	`sold_date` text NOT NULL,
	`bedrooms` integer,
	`bathrooms` integer,
	`square_feet` integer,
	`price_per_sqft` integer,
	`distance` integer,
	`similarity_score` integer,
	`days_on_market` integer,
	`source_url` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `comps_user_property_idx` ON `comps` (`user_id`,`property_id`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`message` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `contacts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`property_id` text,
	`name` text NOT NULL,
	`phone` text,
	`email` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contacts_user_idx` ON `contacts` (`user_id`);--> statement-breakpoint
CREATE INDEX `contacts_property_idx` ON `contacts` (`property_id`);--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text,
	`contact_id` text,
	`property_id` text,
	`agent_type` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `conversations_user_updated_idx` ON `conversations` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `deals` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`property_id` text,
	`stage` text DEFAULT 'lead_generation' NOT NULL,
	`deal_value` integer,
	`profit` integer,
	`close_date` integer,
	`notes` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `deals_user_stage_idx` ON `deals` (`user_id`,`stage`);--> statement-breakpoint
CREATE INDEX `deals_user_created_idx` ON `deals` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`property_id` text,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`content` text,
	`file_path` text,
	`content_type` text,
	`size_bytes` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `documents_user_updated_idx` ON `documents` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_outbox_to_created_idx` ON `email_outbox` (`to_address`,`created_at`);--> statement-breakpoint
CREATE TABLE `follow_up_activities` (
	`id` text PRIMARY KEY NOT NULL,
	`lead_id` text NOT NULL,
	`user_id` text NOT NULL,
	`activity_type` text NOT NULL,
	`day_number` integer NOT NULL,
	`scheduled_for` integer,
	`completed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `follow_up_activities_user_scheduled_idx` ON `follow_up_activities` (`user_id`,`scheduled_for`);--> statement-breakpoint
CREATE TABLE `follow_up_activity_contacts` (
	`id` text PRIMARY KEY NOT NULL,
	`activity_id` text NOT NULL,
	`recipient_name` text,
	`recipient_value` text NOT NULL,
	`recipient_type` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`dnc_status` text,
	`sent_at` integer,
	`passed_at` integer,
	FOREIGN KEY (`activity_id`) REFERENCES `follow_up_activities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `follow_up_activity_contacts_activity_idx` ON `follow_up_activity_contacts` (`activity_id`);--> statement-breakpoint
CREATE TABLE `imported_sales` (
	`id` text PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`external_id` text NOT NULL,
	`sale_date` text NOT NULL,
	`price` integer NOT NULL,
	`address` text,
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
	`condition` integer,
	`quality_grade` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `imported_sales_source_external_idx` ON `imported_sales` (`source`,`external_id`);--> statement-breakpoint
CREATE INDEX `imported_sales_latlon_idx` ON `imported_sales` (`latitude`,`longitude`,`sale_date`);--> statement-breakpoint
CREATE TABLE `lead_contacts` (
	`id` text PRIMARY KEY NOT NULL,
	`lead_id` text NOT NULL,
	`contact_id` text NOT NULL,
	`is_primary` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lead_contacts_pair_idx` ON `lead_contacts` (`lead_id`,`contact_id`);--> statement-breakpoint
CREATE TABLE `lead_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`lead_id` text NOT NULL,
	`lead_request_id` text,
	`delivered_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lead_request_id`) REFERENCES `lead_requests`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lead_deliveries_user_lead_idx` ON `lead_deliveries` (`user_id`,`lead_id`);--> statement-breakpoint
CREATE TABLE `lead_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`saved_search_id` text,
	`vendor` text NOT NULL,
	`request_params` text NOT NULL,
	`requested_count` integer NOT NULL,
	`responded_count` integer,
	`status` text DEFAULT 'pending' NOT NULL,
	`error_message` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`saved_search_id`) REFERENCES `saved_searches`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `lead_requests_user_created_idx` ON `lead_requests` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `leads` (
	`id` text PRIMARY KEY NOT NULL,
	`vendor` text DEFAULT 'batchdata' NOT NULL,
	`vendor_lead_id` text,
	`type` text,
	`property_id` text,
	`owner_id` text,
	`meta_json` text,
	`current_sequence_step` integer DEFAULT 0 NOT NULL,
	`sequence_started_at` integer,
	`sequence_status` text DEFAULT 'inactive' NOT NULL,
	`current_activity_day` integer DEFAULT 0 NOT NULL,
	`current_activity_date` integer,
	`awaiting_next_day` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`owner_id`) REFERENCES `owners`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `leads_vendor_lead_idx` ON `leads` (`vendor`,`vendor_lead_id`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`property_id` text,
	`tracking_id` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`recipient_name` text NOT NULL,
	`recipient_address` text NOT NULL,
	`offer_amount` integer,
	`pdf_key` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_outbox_tracking_id_unique` ON `mail_outbox` (`tracking_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `mail_outbox_user_idempotency_idx` ON `mail_outbox` (`user_id`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `mail_outbox_user_created_idx` ON `mail_outbox` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `market_owners` (
	`id` integer PRIMARY KEY NOT NULL,
	`full_name` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`is_individual` integer NOT NULL,
	`mailing_street` text NOT NULL,
	`mailing_city` text NOT NULL,
	`mailing_state` text NOT NULL,
	`mailing_zip` text NOT NULL,
	`phones` text NOT NULL,
	`emails` text NOT NULL,
	`property_count` integer NOT NULL,
	`cash_purchase_count` integer NOT NULL,
	`is_cash_buyer` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `market_owners_cash_buyer_idx` ON `market_owners` (`is_cash_buyer`);--> statement-breakpoint
CREATE TABLE `market_properties` (
	`id` integer PRIMARY KEY NOT NULL,
	`apn` text NOT NULL,
	`address` text NOT NULL,
	`city` text NOT NULL,
	`state` text NOT NULL,
	`zip` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`property_type` text NOT NULL,
	`bedrooms` integer NOT NULL,
	`bathrooms` integer NOT NULL,
	`square_feet` integer NOT NULL,
	`lot_square_feet` integer NOT NULL,
	`stories` integer NOT NULL,
	`year_built` integer NOT NULL,
	`year_renovated` integer NOT NULL,
	`condition` integer NOT NULL,
	`quality_grade` integer NOT NULL,
	`owner_id` integer NOT NULL,
	`owner_occupied` integer NOT NULL,
	`estimated_value` integer NOT NULL,
	`open_lien_balance` integer NOT NULL,
	`open_lien_count` integer NOT NULL,
	`equity_balance` integer NOT NULL,
	`equity_percent` integer NOT NULL,
	`last_sale_price` integer NOT NULL,
	`last_sale_date` text NOT NULL,
	`last_sale_cash` integer NOT NULL,
	`last_transfer_type` text NOT NULL,
	`foreclosure_notice` text,
	`foreclosure_notice_date` text,
	`is_absentee` integer NOT NULL,
	`is_preforeclosure` integer NOT NULL,
	`is_out_of_state_absentee` integer NOT NULL,
	`is_high_equity` integer NOT NULL,
	`is_inherited` integer NOT NULL,
	`is_corporate_owned` integer NOT NULL,
	`is_tired_landlord` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `market_owners`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `market_properties_city_idx` ON `market_properties` (`state`,`city`);--> statement-breakpoint
CREATE INDEX `market_properties_zip_idx` ON `market_properties` (`zip`);--> statement-breakpoint
CREATE INDEX `market_properties_latlon_idx` ON `market_properties` (`latitude`,`longitude`);--> statement-breakpoint
CREATE INDEX `market_properties_owner_idx` ON `market_properties` (`owner_id`);--> statement-breakpoint
CREATE INDEX `market_properties_is_preforeclosure_city_idx` ON `market_properties` (`state`,`city`) WHERE is_preforeclosure = 1;--> statement-breakpoint
CREATE INDEX `market_properties_is_out_of_state_absentee_city_idx` ON `market_properties` (`state`,`city`) WHERE is_out_of_state_absentee = 1;--> statement-breakpoint
CREATE INDEX `market_properties_is_high_equity_city_idx` ON `market_properties` (`state`,`city`) WHERE is_high_equity = 1;--> statement-breakpoint
CREATE INDEX `market_properties_is_inherited_city_idx` ON `market_properties` (`state`,`city`) WHERE is_inherited = 1;--> statement-breakpoint
CREATE INDEX `market_properties_is_corporate_owned_city_idx` ON `market_properties` (`state`,`city`) WHERE is_corporate_owned = 1;--> statement-breakpoint
CREATE INDEX `market_properties_is_tired_landlord_city_idx` ON `market_properties` (`state`,`city`) WHERE is_tired_landlord = 1;--> statement-breakpoint
CREATE TABLE `market_sales` (
	`id` integer PRIMARY KEY NOT NULL,
	`property_id` integer NOT NULL,
	`sale_date` text NOT NULL,
	`price` integer NOT NULL,
	`cash` integer NOT NULL,
	`transfer_type` text NOT NULL,
	`days_on_market` integer NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	FOREIGN KEY (`property_id`) REFERENCES `market_properties`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `market_sales_property_idx` ON `market_sales` (`property_id`);--> statement-breakpoint
CREATE INDEX `market_sales_latlon_idx` ON `market_sales` (`latitude`,`longitude`,`sale_date`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`role` text NOT NULL,
	`content` text NOT NULL,
	`is_ai_generated` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `messages_conversation_created_idx` ON `messages` (`conversation_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `owners` (
	`id` text PRIMARY KEY NOT NULL,
	`full_name` text,
	`first_name` text,
	`last_name` text,
	`mailing_street` text,
	`mailing_city` text,
	`mailing_state` text,
	`mailing_zip` text,
	`is_individual` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	`requester_ip` text,
	`user_agent` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_reset_tokens_token_hash_unique` ON `password_reset_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `properties` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`address` text NOT NULL,
	`city` text,
	`state` text,
	`zip_code` text NOT NULL,
	`latitude` real,
	`longitude` real,
	`apn` text,
	`source_property_id` text,
	`bedrooms` integer,
	`bathrooms` integer,
	`square_feet` integer,
	`year_built` integer,
	`property_type` text DEFAULT 'single_family' NOT NULL,
	`price` integer,
	`arv` integer,
	`max_offer` integer,
	`equity_percentage` integer,
	`equity_balance` integer,
	`confidence_score` integer,
	`last_sale_price` integer,
	`last_sale_date` text,
	`condition` text,
	`notes` text,
	`owner_name` text,
	`owner_phone` text,
	`owner_email` text,
	`owner_emails` text,
	`owner_phone_numbers` text,
	`owner_mailing_address` text,
	`owner_dnc_phone` text,
	`owner_land_line` text,
	`owner_mobile_phone` text,
	`status` text DEFAULT 'new' NOT NULL,
	`current_agent` text,
	`lead_type` text,
	`distressed_indicator` text,
	`strategy` text,
	`is_deal` integer,
	`analysis_arv` integer,
	`rehab_cost` integer,
	`analysis_max_offer_price` integer,
	`analysis_confidence` integer,
	`profit_margin_pct` integer,
	`risk_level` text,
	`key_assumptions` text,
	`comp_summary` text,
	`next_actions` text,
	`analysis_run_at` integer,
	`repair_tier` text,
	`offer_pdf_filename` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `properties_user_created_idx` ON `properties` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `properties_user_status_idx` ON `properties` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `properties_user_address_idx` ON `properties` (`user_id`,`address`,`city`,`state`);--> statement-breakpoint
CREATE TABLE `saved_searches` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`criteria_json` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_searches_user_idx` ON `saved_searches` (`user_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`sid` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`sess` text DEFAULT '{}' NOT NULL,
	`expire` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expire_idx` ON `sessions` (`expire`);--> statement-breakpoint
CREATE TABLE `skip_mapping` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`user_search` text NOT NULL,
	`skip` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `skip_mapping_user_search_idx` ON `skip_mapping` (`user_id`,`user_search`);--> statement-breakpoint
CREATE TABLE `user_leads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`lead_id` text NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`notes` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`last_action_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_leads_user_lead_idx` ON `user_leads` (`user_id`,`lead_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`full_name` text,
	`mobile_e164` text,
	`profile_image_url` text,
	`password_hash` text,
	`email_verified` integer DEFAULT false NOT NULL,
	`preferences` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);