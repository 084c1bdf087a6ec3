DROP INDEX `leads_crm_sequence_idx`;--> statement-breakpoint
ALTER TABLE `leads` ADD `user_id` text;--> statement-breakpoint
UPDATE `leads` SET `user_id` = (SELECT `user_id` FROM `properties` WHERE `properties`.`id` = `leads`.`vendor_lead_id`) WHERE `vendor` = 'crm';--> statement-breakpoint
CREATE INDEX `leads_crm_user_sequence_idx` ON `leads` (`user_id`,`sequence_status`) WHERE vendor = 'crm';