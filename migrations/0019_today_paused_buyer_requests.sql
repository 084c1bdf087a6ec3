ALTER TABLE `buyer_leads` ADD `lead_request_id` text;--> statement-breakpoint
CREATE INDEX `buyer_leads_request_idx` ON `buyer_leads` (`lead_request_id`);--> statement-breakpoint
CREATE INDEX `leads_crm_sequence_idx` ON `leads` (`sequence_status`,`vendor_lead_id`) WHERE vendor = 'crm';