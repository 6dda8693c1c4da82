import { ComingSoon } from "@/client/components/coming-soon";

export function HardwarePage() {
  return (
    <ComingSoon
      title="Hardware Inventory"
      description="Laptops, monitors and other equipment, who has them and where they are."
    />
  );
}
