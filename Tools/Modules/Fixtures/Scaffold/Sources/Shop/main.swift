import ShopApp

print(shopName)
